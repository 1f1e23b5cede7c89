/// Tunes the C allocator for a process that holds a large site.
public enum AllocatorTuning {
    /// Makes every allocation of 128 KB or more its own mapping, returned to the system
    /// as soon as it is freed, and keeps every thread's allocations in one arena.
    ///
    /// glibc otherwise raises that threshold each time a large block is freed, after which
    /// large arrays come from the heap and freed ones stay in the process: loading a
    /// million comments in batches left 627 MB resident where 250 MB were live.
    ///
    /// And glibc gives each thread that allocates an arena of its own (up to eight per
    /// core), whose freed memory stays resident for that thread's next allocations: the
    /// replica's writer thread and the concurrency pool's threads, each folding and
    /// encoding page after page, left 70 MB more resident at a million comments (290 MB
    /// instead of 219 MB after loading with the replica on). One arena is shared by all;
    /// glibc's per-thread caches keep small allocations from waiting on its lock.
    ///
    /// Call it once, first thing in `main`. Does nothing where the allocator is not glibc's.
    public static func returnLargeBlocksToTheSystem() {
        #if os(Linux)
        _ = mallopt(mmapThreshold, 128 * 1024)
        _ = mallopt(arenaMax, 1)
        #endif
    }

    /// Hands back to the system the whole free pages inside the heap (glibc's
    /// `malloc_trim`), not only those at its end: freed blocks between blocks still in use
    /// stay resident otherwise. Takes a fraction of a millisecond; no allocation changes.
    static func releaseFreedHeapPages() {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
    }

    #if os(Linux)
    /// `M_MMAP_THRESHOLD` in glibc's malloc.h.
    private static let mmapThreshold: Int32 = -3
    /// `M_ARENA_MAX` in glibc's malloc.h.
    private static let arenaMax: Int32 = -8
    #endif
}

#if os(Linux)
/// glibc's `mallopt`, which the Glibc module does not export.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

#if os(Linux)
/// glibc's `malloc_trim`, declared here beside `mallopt`.
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32
#endif
