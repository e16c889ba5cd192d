import Foundation

// libFuzzer's driver. SwiftPM links an executable's `main` under another name, so which
// `main` runs depends on the linker: libFuzzer's own (which calls `LLVMFuzzerTestOneInput`)
// or this file's top-level code (which starts the same driver with the same callback).

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One input, run through the harness `FUZZ_TARGET` names.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    Harness.selected.run(bytes)
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
_ = Harness.selected  // a wrong FUZZ_TARGET stops before fuzzing starts
exit(runFuzzerDriver(&argc, &argv, { data, size in testOneInput(data, size) }))
