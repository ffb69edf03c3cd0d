// Test fixture: replaces a large private file with ever newer versions as fast as it can, so that a test can
// kill -9 it at arbitrary moments and check that the file on disk is always one complete version.
//
// Usage: StateWriterFixture DIRECTORY PAYLOAD_BYTES
// Each version is "<version>\n" followed by PAYLOAD_BYTES copies of one letter chosen by the version.
import AuthflowStorage
import Foundation

// Exit when the test process is gone: a writer left running would hold the test runner's output pipe open
// for ever, turning a crashed test run into a hung one.
let parent = getppid()

let arguments = CommandLine.arguments
guard arguments.count == 3, let size = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: StateWriterFixture DIRECTORY PAYLOAD_BYTES\n".utf8))
    exit(2)
}
let directory = arguments[1]
let path = directory + "/session.json"
do {
    try SecureFile.makePrivateDirectory(directory)
    var version = 0
    while getppid() == parent {
        version += 1
        let letter = UInt8(97 + version % 26)
        try SecureFile.writeAtomically(Array("\(version)\n".utf8) + [UInt8](repeating: letter, count: size), to: path)
        if version == 1 { FileHandle.standardOutput.write(Data("ready\n".utf8)) }
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
