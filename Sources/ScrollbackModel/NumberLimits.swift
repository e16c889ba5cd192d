/// The ranges Scrollback accepts for the numbers an export gives, so that no value, however large,
/// negative or non-finite, reaches arithmetic that could overflow or a conversion that could trap.
///
/// The native readers reject a number outside its range with an error at its position; imports
/// drop it (a size, dimension, duration or place) or clamp it (a count); layout applies the same
/// ranges again, so a transcript built in code is safe too.
package enum NumberLimits {
    /// A file size: up to 10¹⁵ bytes (1 PB).
    package static let bytes: ClosedRange<Int> = 0...1_000_000_000_000_000
    /// An image's or video's width or height: up to 10⁶ pixels.
    package static let pixels: ClosedRange<Int> = 0...1_000_000
    /// A duration: up to 10⁹ seconds (about 31 years).
    package static let seconds: ClosedRange<Double> = 0...1_000_000_000
    /// A count of votes, voters or reactions: up to 10¹².
    package static let count: ClosedRange<Int> = 0...1_000_000_000_000
    /// A latitude in degrees.
    package static let latitude: ClosedRange<Double> = -90...90
    /// A longitude in degrees.
    package static let longitude: ClosedRange<Double> = -180...180

    /// `value` moved into `range` (its nearest end when outside it).
    package static func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}

extension Attachment {
    /// The attachment with each number outside `NumberLimits` left out: a size, a width and height
    /// (both, so no aspect ratio is made up), a duration (also NaN and infinities), a place whose
    /// coordinates are not on the globe, and a poll's voter count; vote counts are clamped.
    package var withNumbersInRange: Attachment {
        var result = self
        if let size, !NumberLimits.bytes.contains(size) { result.size = nil }
        if let width, !NumberLimits.pixels.contains(width) { (result.width, result.height) = (nil, nil) }
        if let height, !NumberLimits.pixels.contains(height) { (result.width, result.height) = (nil, nil) }
        if let duration, !NumberLimits.seconds.contains(duration) { result.duration = nil }
        if let place,
            !NumberLimits.latitude.contains(place.latitude) || !NumberLimits.longitude.contains(place.longitude)
        {
            result.place = nil
        }
        if var poll {
            if let voters = poll.voters, !NumberLimits.count.contains(voters) { poll.voters = nil }
            for index in poll.options.indices {
                poll.options[index].votes = NumberLimits.clamp(poll.options[index].votes, to: NumberLimits.count)
            }
            result.poll = poll
        }
        return result
    }
}
