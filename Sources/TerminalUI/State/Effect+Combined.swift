import Flux

extension Effect {
    /// This effect and `other`, `other` started after it: how the interface's reducers put
    /// together what their parts return (the other stores' actions keep the order they
    /// were asked for in). No allocation when either is `.none`.
    func combined(with other: Effect) -> Effect {
        if isNone { return other }
        if other.isNone { return self }
        return .merge(self, other)
    }
}
