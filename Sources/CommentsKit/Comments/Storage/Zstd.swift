import CZstd

/// One-shot zstd compression of a text block (libzstd).
enum Zstd {
    /// Level 1: the fastest of the "normal" levels. Blocks are compressed on the main
    /// thread as pages arrive, so speed matters more than the last few percent.
    private static let level: Int32 = 1

    /// `bytes` compressed, or nil when compressing fails or does not make it smaller.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        let bound = ZSTD_compressBound(bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { input in
                ZSTD_compress(out.baseAddress, bound, input.baseAddress, input.count, level)
            }
        }
        guard ZSTD_isError(written) == 0, written < bytes.count else { return nil }
        // A copy of the right size: trimming `output` would keep its capacity, the bound.
        return Array(output[..<written])
    }

    /// The `rawCount` bytes that `compressed` holds, or nil when they cannot be read back.
    static func decompress(_ compressed: [UInt8], rawCount: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: rawCount)
        let read = output.withUnsafeMutableBytes { out in
            compressed.withUnsafeBytes { input in
                ZSTD_decompress(out.baseAddress, rawCount, input.baseAddress, input.count)
            }
        }
        guard ZSTD_isError(read) == 0, read == rawCount else { return nil }
        return output
    }
}
