/// Tunes the C allocator for a process that holds a large site.
public enum AllocatorTuning {
    /// Makes every allocation of 128 KB or more its own mapping, returned to the system
    /// as soon as it is freed.
    ///
    /// glibc otherwise raises that threshold each time a large block is freed, after which
    /// large arrays come from the heap and freed ones stay in the process: loading a
    /// million comments in batches left 627 MB resident where 250 MB were live. Call it
    /// once, first thing in `main`. Does nothing where the allocator is not glibc's.
    public static func returnLargeBlocksToTheSystem() {
        #if os(Linux)
        _ = mallopt(mmapThreshold, 128 * 1024)
        #endif
    }

    #if os(Linux)
    /// `M_MMAP_THRESHOLD` in glibc's malloc.h.
    private static let mmapThreshold: Int32 = -3
    #endif
}

#if os(Linux)
/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
