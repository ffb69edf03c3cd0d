import AuthflowPrimitives
import Testing

@testable import AuthflowHTTP

@Suite("Response assembly")
struct TransferStateTests {
    private func feed(_ state: TransferState, _ lines: [String]) {
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { state.receiveHeaderLine($0) }
        }
    }

    @Test("Only the last response's headers are kept; folded lines join the previous value")
    func headerParsing() {
        let state = TransferState(maxResponseBytes: 10, cancellation: CancellationFlag(), addressGuard: nil)
        feed(state, ["HTTP/1.1 302 Found\r\n", "Location: /next\r\n", "\r\n"])
        feed(state, ["HTTP/1.1 200 OK\r\n", "Content-Type:text/plain \r\n", "X-Long: a\r\n", "\t b\r\n", "\r\n"])

        #expect(
            state.headers == [
                HTTPHeader(name: "Content-Type", value: "text/plain"),
                HTTPHeader(name: "X-Long", value: "a b"),
            ])
    }

    @Test("The body cap is enforced on streamed data, without Content-Length")
    func bodyCap() {
        let state = TransferState(maxResponseBytes: 4, cancellation: CancellationFlag(), addressGuard: nil)
        let first = [UInt8]("abc".utf8).withUnsafeBufferPointer { state.receiveBody($0) }
        let second = [UInt8]("de".utf8).withUnsafeBufferPointer { state.receiveBody($0) }

        #expect(first)
        #expect(!second)
        #expect(state.exceededLimit)
        #expect(state.body == Array("abc".utf8))
    }
}
