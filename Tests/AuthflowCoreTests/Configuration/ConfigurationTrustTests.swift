import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The loader's trust rule: files found in the working directory give identifiers only; flags, the environment,
/// a file named with `--config` and the user's own file give everything, in that order of precedence.
@Suite struct ConfigurationTrustTests {
    private func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
    }

    /// A user configuration directory under `directory` holding `text`, with the environment naming it.
    private func userFile(_ text: String, in directory: TemporaryDirectory) throws -> (String, [String: String]) {
        let folder = directory.file("config/authflow")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        try write(text, to: folder + "/config.json")
        return (folder + "/config.json", ["XDG_CONFIG_HOME": directory.file("config"), "HOME": "/nonexistent"])
    }

    @Test func everyKeyHasARoleAndOnlyCommandsAndHostsAreUntrusted() {
        let untrusted = ConfigurationKey.allCases.filter { !$0.role.isAllowedFromImplicitFile }
        #expect(
            untrusted == [
                .emulatorHost, .appCheckTokenCommand, .appCheckURL, .githubDeviceClientID, .googleDeviceClientID,
                .googleDeviceClientSecret, .facebookAppID, .facebookClientToken, .oidcDeviceClientID, .oidcIssuer,
                .deviceEndpointBase,
            ])
        #expect(ConfigurationKey.appCheckTokenCommand.role == .runsProgram)
        #expect(ConfigurationKey.emulatorHost.role == .choosesEndpoint)
        #expect(ConfigurationKey.deviceEndpointBase.role == .choosesEndpoint)
        #expect(ConfigurationKey.appCheckURL.role == .choosesEndpoint)
        #expect(ConfigurationKey.oidcIssuer.role == .choosesEndpoint)
        #expect(ConfigurationKey.googleDeviceClientSecret.role == .grantsAccess)
    }

    @Test func workingDirectoryFileGivesIdentifiersOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("authflow.json")
        try write(#"{"apiKey":"K","projectId":"p","appCheckTokenCommand":"touch x","emulatorHost":"h:1"}"#, to: path)
        let configuration = try ConfigurationLoader(environment: [:], workingDirectory: directory.path).load()
        #expect(configuration.apiKey == "K")
        #expect(configuration.emulatorHost == nil)
        #expect(configuration[.appCheckTokenCommand] == nil)
        #expect(configuration.appCheckSource == nil)
        #expect(
            configuration.ignoredValues == [
                IgnoredConfigurationValue(key: .emulatorHost, value: "h:1", path: path),
                IgnoredConfigurationValue(key: .appCheckTokenCommand, value: "touch x", path: path),
            ])
        #expect(configuration.files.map(\.origin) == [.workingDirectory])
    }

    @Test func aValueAStrongerSourceSetsIsNotReportedIgnored() throws {
        let directory = try TemporaryDirectory()
        try write(#"{"apiKey":"K","emulatorHost":"h:1"}"#, to: directory.file("authflow.json"))
        let configuration = try ConfigurationLoader(
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], workingDirectory: directory.path
        ).load()
        #expect(configuration.emulatorHost == "127.0.0.1:9099")
        #expect(configuration.ignoredValues.isEmpty)
    }

    @Test func namedFileIsTrusted() throws {
        let directory = try TemporaryDirectory()
        try write(#"{"apiKey":"K","appCheckTokenCommand":"mint"}"#, to: directory.file("authflow.json"))
        let configuration = try ConfigurationLoader(
            environment: [:], configPath: directory.file("authflow.json"), workingDirectory: directory.path
        ).load()
        #expect(configuration.appCheckSource == .tokenCommand("mint"))
        #expect(configuration.ignoredValues.isEmpty)
        #expect(configuration.files.map(\.origin) == [.named])
    }

    @Test func precedenceEnvironmentProjectFilesUserFile() throws {
        let directory = try TemporaryDirectory()
        let (user, environment) = try userFile(
            #"{"apiKey":"USER","projectId":"user-proj","tenantId":"user-t","appCheckTokenCommand":"mint","lang":"fr"}"#,
            in: directory)
        try write(#"{"apiKey":"NAMED","projectId":"named-proj"}"#, to: directory.file("named.json"))
        try write(#"{"apiKey":"CWD","appId":"1:2:web:3","tenantId":"cwd-t"}"#, to: directory.file("authflow.json"))

        let withCWD = try ConfigurationLoader(
            environment: environment.merging(["FIREBASE_API_KEY": "ENV"]) { _, new in new },
            workingDirectory: directory.path
        ).load()
        #expect(withCWD.apiKey == "ENV")
        #expect(withCWD.projectID == "user-proj", "the user's file fills in what the project's files leave out")
        #expect(withCWD[.appID] == "1:2:web:3")
        #expect(withCWD.tenantID == "cwd-t", "the working directory's project file beats the user's defaults")
        #expect(withCWD.appCheckSource == .tokenCommand("mint"))
        #expect(withCWD.source(of: .appCheckTokenCommand) == .file(user))
        #expect(withCWD.files.map(\.origin) == [.workingDirectory, .userDirectory])

        let named = try ConfigurationLoader(
            environment: environment, configPath: directory.file("named.json"), workingDirectory: directory.path
        ).load()
        #expect(named.apiKey == "NAMED")
        #expect(named.projectID == "named-proj", "the named file beats the user's")
        #expect(named.tenantID == "user-t")
        #expect(named[.appID] == nil, "a named file replaces the working-directory search")
    }

    @Test func userFileOthersCanWriteIsRefused() throws {
        let directory = try TemporaryDirectory()
        let (user, environment) = try userFile(#"{"apiKey":"USER"}"#, in: directory)
        chmod(user, 0o602)
        #expect(throws: ConfigurationError.untrustedFile(path: user, reason: .writableByOthers(mode: 0o602))) {
            try ConfigurationLoader(environment: environment, workingDirectory: "/nonexistent").load()
        }
        chmod(user, 0o600)
        let folder = directory.file("config/authflow")
        chmod(folder, 0o770)
        #expect(throws: ConfigurationError.untrustedFile(path: folder, reason: .writableByOthers(mode: 0o770))) {
            try ConfigurationLoader(environment: environment, workingDirectory: "/nonexistent").load()
        }
        chmod(folder, 0o755)
        #expect(
            try ConfigurationLoader(environment: environment, workingDirectory: "/nonexistent").load().apiKey == "USER")
    }

    @Test func userFileOfAnotherUserIsRefused() throws {
        let directory = try TemporaryDirectory()
        let (user, environment) = try userFile(#"{"apiKey":"USER"}"#, in: directory)
        let stranger: uid_t = geteuid() == 54321 ? 54322 : 54321
        // Giving a file away needs root (or CAP_CHOWN); without it there is nothing to check here.
        guard chown(user, stranger, getegid()) == 0 else { return }
        #expect(throws: ConfigurationError.untrustedFile(path: user, reason: .ownedByAnotherUser(uid: stranger))) {
            try ConfigurationLoader(environment: environment, workingDirectory: "/nonexistent").load()
        }
    }

    @Test func userFilePathFollowsXDG() {
        #expect(UserConfigurationFile.path(environment: ["HOME": "/h"]) == "/h/.config/authflow/config.json")
        #expect(
            UserConfigurationFile.path(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"])
                == "/x/authflow/config.json")
        #expect(
            UserConfigurationFile.path(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "relative"])
                == "/h/.config/authflow/config.json")
    }
}
