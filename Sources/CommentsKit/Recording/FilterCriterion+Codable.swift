/// A filter as its stable ``FilterCriterion/key`` (`"status:spam"`, `"author:Ada"`), the
/// same spelling the saved filters use.
extension FilterCriterion: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let key = try container.decode(String.self)
        guard let criterion = FilterCriterion(key: key) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(key)\" is not a filter")
        }
        self = criterion
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}
