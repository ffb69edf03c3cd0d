import AuthflowCore
import AuthflowParsing

/// `link inspect -`: one result per input line, streamed as lines arrive.
struct LinkBatch {
    let inspector: LinkInspector
    let json: Bool

    func run() async -> AuthflowExitCode {
        let reader = LineReader()
        let output = StandardOutput()
        var worst = AuthflowExitCode.success
        while let lines = reader.nextLines() {
            for line in lines {
                let status = await inspect(line, into: output)
                if status.rawValue > worst.rawValue { worst = status }
            }
            output.flush()
        }
        return worst
    }

    private func inspect(_ line: ArraySlice<UInt8>, into output: StandardOutput) async -> AuthflowExitCode {
        // One output line per input line, always, so results can be pasted beside their input; a blank line
        // is no failure.
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            if json {
                output.write(bytes: InspectionJSON.line(forProblem: LinkBatchWording.blankLine))
            } else {
                output.write("blank\t-\t-\n")
            }
            return .success
        }
        let inspection: LinkInspection
        do {
            inspection = try await inspector.inspect(bytes: line)
        } catch {
            if json {
                output.write(bytes: InspectionJSON.line(forProblem: error.cliMessage))
            } else {
                output.write("invalid\t-\t\(error.cliMessage)\n")
            }
            return error.exitStatus
        }
        if json {
            output.write(bytes: InspectionJSON.line(for: inspection))
        } else {
            output.write(InspectionSummary.batchLine(for: inspection))
        }
        return inspection.kind == .unknown ? .refused : .success
    }
}
