import Testing
@Suite struct PlaceholderITK { @Test func builds() { #expect(Bool(true)) } }
