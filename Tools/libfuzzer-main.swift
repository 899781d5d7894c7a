// Deliberately empty: `make libfuzz` links this with `-sanitize=fuzzer` against the QuireFuzzTargets
// shared library, so the program's `main` is libFuzzer's and its test function is the library's
// LLVMFuzzerTestOneInput (Sources/QuireFuzzTargets/LibFuzzerEntry.swift).
