import Testing
@Suite struct PlaceholderBackend { @Test func builds() { #expect(Bool(true)) } }
