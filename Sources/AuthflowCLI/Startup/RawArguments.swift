#if canImport(Glibc)
import Glibc
#endif

/// The command line as the kernel passed it, before Swift repairs invalid UTF-8 into U+FFFD.
enum RawArguments {
    /// The 1-based position of the first argument that is not valid UTF-8, or nil.
    static func firstNonUTF8() -> Int? {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return nil }
        for index in 1..<count {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(pointer)
            let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
            if String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) == nil { return index }
        }
        return nil
    }
}
