/// Comment id → slot in a ``CommentTable``, split over 256 small dictionaries.
///
/// One dictionary of a million ids is copied whole when a shared state adds one id; a
/// shard is copied instead (a few thousand entries).
struct ShardedIndex: Sendable {
    private static var shardCount: Int { 256 }
    private var shards = [[Int: Int32]](repeating: [:], count: shardCount)
    /// How many ids it holds.
    private(set) var count = 0

    init() {}

    private static func shard(_ id: Int) -> Int { Int(UInt(bitPattern: id) % UInt(shardCount)) }

    subscript(id: Int) -> Int32? {
        get { shards[Self.shard(id)][id] }
        set {
            let shard = Self.shard(id)
            if let newValue {
                if shards[shard].updateValue(newValue, forKey: id) == nil { count += 1 }
            } else if shards[shard].removeValue(forKey: id) != nil {
                count -= 1
            }
        }
    }
}
