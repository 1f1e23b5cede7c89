import Foundation

/// Tells a double click from two clicks: the terminal reports presses only, so two left
/// presses on the same cell within ``interval`` make the second a double click. Kept by
/// the app (it has the clock), so the count is part of the recorded event and replays
/// need no clock.
package struct MouseClickCounter: Sendable {
    /// How close two presses must be to make a double click (xterm's default is 250 ms;
    /// most desktops allow about 400–500).
    package static let interval: TimeInterval = 0.4

    private var last: (x: Int, y: Int, time: Date, count: Int)?

    /// A counter that has seen no click.
    package init() {}

    /// `event` with its ``MouseEvent/clickCount`` set, given when it arrived.
    package mutating func count(_ event: MouseEvent, at time: Date) -> MouseEvent {
        guard event.kind == .press, event.button == .left else { return event }
        var counted = event
        if let last, last.x == event.x, last.y == event.y, time.timeIntervalSince(last.time) >= 0,
           time.timeIntervalSince(last.time) <= Self.interval {
            counted.clickCount = last.count == 1 ? 2 : 1
        } else {
            counted.clickCount = 1
        }
        last = (event.x, event.y, time, counted.clickCount)
        return counted
    }
}
