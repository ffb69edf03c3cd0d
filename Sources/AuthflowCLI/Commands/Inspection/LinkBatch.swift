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
                // Read and written without `await` unless a short link is to be expanded: an async call per line
                // cost a task-executor check and an async frame each (perf).
                let status: AuthflowExitCode
                switch inspect(line, into: output, json: &json, workspace: &workspace) {
                case .written(let written): status = written
                case .expanding(let first): status = await expand(first, into: output, json: &json)
                }
                if status.rawValue > worst.rawValue { worst = status }
            }
            output.flush()
        }
        return worst
    }

    /// What became of a line read offline.
    private enum Outcome {
        /// Its output line is written, with this status.
        case written(AuthflowExitCode)
        /// It holds a short link to expand online before its line is written.
        case expanding(LinkInspection)
    }

    private func inspect(
        _ line: ArraySlice<UInt8>, into output: StandardOutput, json buffer: inout JSONLineWriter,
        workspace: inout ActionLinkUnwrapper.Workspace
    ) -> Outcome {
        // One output line per input line, always, so results can be pasted beside their input; a blank line
        // is no failure.
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            if json {
                output.write(bytes: InspectionJSON.line(forProblem: LinkBatchWording.blankLine))
            } else {
                output.write("blank\t-\t-\n")
            }
            return .written(.success)
        }
        let reading: LinkReading
        do throws(LinkInspectionError) {
            // Read as byte ranges, written straight from them; a `LinkInspection` is made (and awaited) only for
            // a short link to expand: the task switches of the async path on every line cost more than the
            // inspection itself (callgrind).
            reading = try inspector.readWithoutExpanding(bytes: line, workspace: &workspace)
        } catch {
            return .written(writeProblem(error, into: output))
        }
        if inspector.expands(reading) { return .expanding(LinkInspection(reading)) }
        write(reading, into: output, json: &buffer)
        return .written(reading.kind == .unknown ? .refused : .success)
    }

    /// The line for `first` once its short link is expanded.
    private func expand(
        _ first: LinkInspection, into output: StandardOutput, json buffer: inout JSONLineWriter
    ) async -> AuthflowExitCode {
        do throws(LinkInspectionError) {
            let expanded = try await inspector.expandingShortLink(in: first)
            write(expanded, into: output, json: &buffer)
            return expanded.kind == .unknown ? .refused : .success
        } catch {
            return writeProblem(error, into: output)
        }
    }

    /// The line for an input that could not be inspected, and its status.
    private func writeProblem(_ error: LinkInspectionError, into output: StandardOutput) -> AuthflowExitCode {
        if json {
            output.write(bytes: InspectionJSON.line(forProblem: error.cliMessage))
        } else {
            output.write("invalid\t-\t\(error.cliMessage)\n")
        }
        return error.exitStatus
    }

    /// One output line for a result, in the one buffer.
    private func write(
        _ inspection: some InspectionFields, into output: StandardOutput, json buffer: inout JSONLineWriter
    ) {
        if json {
            buffer.restart()
            InspectionJSON.write(inspection, problem: nil, into: &buffer)
            buffer.finishInPlace { output.write(line: $0) }
        } else {
            output.write(bytes: InspectionSummary.batchLine(for: inspection))
        }
    }
}
