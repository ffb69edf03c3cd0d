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
        // One JSON buffer for every line: it grows to the longest line once instead of per line.
        var json = JSONLineWriter()
        // And one set of unwrapping buffers.
        var workspace = ActionLinkUnwrapper.Workspace()
        while let lines = reader.nextLines() {
            for line in lines {
                let status = await inspect(line, into: output, json: &json, workspace: &workspace)
                if status.rawValue > worst.rawValue { worst = status }
            }
            output.flush()
        }
        return worst
    }

    private func inspect(
        _ line: ArraySlice<UInt8>, into output: StandardOutput, json buffer: inout JSONLineWriter,
        workspace: inout ActionLinkUnwrapper.Workspace
    ) async -> AuthflowExitCode {
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
        do throws(LinkInspectionError) {
            // Awaited only for a short link to expand: the task switches of the async path on every line cost
            // more than the inspection itself (callgrind).
            let first = try inspector.inspectWithoutExpanding(bytes: line, workspace: &workspace)
            inspection = inspector.expands(first) ? try await inspector.expandingShortLink(in: first) : first
        } catch {
            if json {
                output.write(bytes: InspectionJSON.line(forProblem: error.cliMessage))
            } else {
                output.write("invalid\t-\t\(error.cliMessage)\n")
            }
            return error.exitStatus
        }
        if json {
            buffer.restart()
            InspectionJSON.write(inspection, problem: nil, into: &buffer)
            output.write(bytes: buffer.finishInPlace())
            output.write("\n")
        } else {
            output.write(InspectionSummary.batchLine(for: inspection))
        }
        return inspection.kind == .unknown ? .refused : .success
    }
}
