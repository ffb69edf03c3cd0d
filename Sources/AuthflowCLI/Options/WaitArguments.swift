import ArgumentParser

// `--timeout` and `--port` as their own argument types rather than `Int` and `UInt16`: ArgumentParser describes an
// option's default when the command is declared, at every start, and for the standard integers does so through
// generic string interpolation, which asks the runtime whether the type is `CaseIterable`, `TextOutputStreamable`
// and `CustomStringConvertible`, each a first protocol-conformance lookup over every record in the binary (six for
// these two options, ~1.6 M instructions, callgrind). These types read their values exactly as `Int(_:)` and
// `UInt16(_:)` do and describe their defaults themselves, so the help, the values accepted and the errors for bad
// ones are unchanged.

/// Seconds to wait (`--timeout`), read as `Int` reads a command-line argument.
struct WaitSeconds: ExpressibleByArgument, Sendable {
    let value: Int

    init(_ value: Int) { self.value = value }

    init?(argument: String) {
        guard let value = Int(argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { String(value) }
}

/// A loopback port (`--port`; 0 picks a free one), read as `UInt16` reads a command-line argument.
struct LoopbackPort: ExpressibleByArgument, Sendable {
    let value: UInt16

    init(_ value: UInt16) { self.value = value }

    init?(argument: String) {
        guard let value = UInt16(argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { String(value) }
}
