/// One element of a JSON array, decoded if it can be and kept as its error otherwise, so
/// a list survives an element it cannot read.
struct Lossy<Value: Decodable>: Decodable {
    let value: Value?
    let error: DecodingError?

    init(from decoder: any Decoder) throws {
        do {
            value = try Value(from: decoder)
            error = nil
        } catch let decodingError as DecodingError {
            value = nil
            error = decodingError
        }
    }
}
