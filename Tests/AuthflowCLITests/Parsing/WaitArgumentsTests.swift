import ArgumentParser
import Testing

@testable import AuthflowCLI

@Suite("--timeout and --port argument types")
struct WaitArgumentsTests {
    static let arguments = [
        "0", "1", "300", "+5", "-1", "65535", "65536", "86400", "abc", " 5", "5 ", "0x10", "1.5", "", "0080", "-0",
        "99999999999999999999", "٣", "1_000",
    ]

    @Test("Values are read exactly as Int and UInt16 read them")
    func readAsIntegers() {
        for argument in Self.arguments {
            #expect(WaitSeconds(argument: argument)?.value == Int(argument: argument), "\(argument)")
            #expect(LoopbackPort(argument: argument)?.value == UInt16(argument: argument), "\(argument)")
        }
    }

    @Test("Defaults are described as ArgumentParser describes the integers, and the help shows them")
    func defaultsDescribedAlike() {
        #expect(WaitSeconds(300).defaultValueDescription == 300.defaultValueDescription)
        #expect(LoopbackPort(0).defaultValueDescription == UInt16(0).defaultValueDescription)
        let help = Authflow.helpMessage(for: ListenCommand.self, columns: 200)
        #expect(help.contains("Give up after this many seconds (exit 4). (default: 300)"), "\(help)")
        #expect(help.contains("Listen on this loopback port instead of a free one. (default: 0)"), "\(help)")
    }
}
