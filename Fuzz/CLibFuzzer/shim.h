// libFuzzer's entry point for programs that keep their own main (compiler-rt,
// FuzzerInterface.h). Declared here, not linked: only `swift build -Xswiftc -sanitize=fuzzer`
// links libFuzzer, and only then does parley-fuzz call it (#if PARLEY_FUZZING).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
