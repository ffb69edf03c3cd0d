import Foundation
import Testing

/// `link inspect --json --offline -` over a generated corpus (Tests/Corpora/link-inspect, written by
/// bench/make-link-differential.py) prints exactly what it printed before the batch-inspection speed-ups of
/// issue 20: expected.jsonl is that earlier binary's output, so every byte-level fast path (scheme checks,
/// escape validation, output) is held to the answers of the code it replaced, edge cases included.
@Suite struct LinkBatchDifferentialTests {
    static var corpus: URL {
        AuthflowCommand.repositoryRoot.appendingPathComponent("Tests/Corpora/link-inspect")
    }

    @Test func outputIsByteIdenticalToThePreChangeBinary() async throws {
        let input = try Data(contentsOf: Self.corpus.appendingPathComponent("links.txt"))
        let expected = try Data(contentsOf: Self.corpus.appendingPathComponent("expected.jsonl"))
        let result = try await AuthflowCommand.run(
            ["link", "inspect", "--json", "--offline", "-"], stdin: Array(input))
        let identical = result.stdout == Array(expected)
        #expect(identical, "the output differs from expected.jsonl")
        if !identical {
            // The first differing line, with its input, says more than a megabyte-long comparison. (Only on a
            // difference: splitting the megabytes into lines takes seconds in a debug build.)
            let expectedLines = expected.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let lines = Data(result.stdout).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            #expect(lines.count == expectedLines.count)
            let inputs = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            if let index = zip(lines, expectedLines).enumerated().first(where: { $0.element.0 != $0.element.1 })?
                .offset
            {
                Issue.record(
                    """
                    line \(index + 1) differs
                    input:    \(String(decoding: inputs[index], as: UTF8.self))
                    expected: \(String(decoding: expectedLines[index], as: UTF8.self))
                    got:      \(String(decoding: lines[index], as: UTF8.self))
                    """)
            }
        }
        // Invalid lines are among them: the worst status is the usage one, as before.
        #expect(result.exitCode == 2)
    }
}
