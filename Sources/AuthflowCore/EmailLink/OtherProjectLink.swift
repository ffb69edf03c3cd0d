/// A sign-in link that another project (or another backend) issued, with what is known about where it
/// came from, for a message that says which project it belongs to.
public struct OtherProjectLink: Sendable, Equatable, CustomStringConvertible {
    /// How it is known that the link is not this project's.
    public enum Reason: Sendable, Equatable {
        /// Firebase says the link's API key belongs to another project (`projects` answered another
        /// project number), whose authorized domains are listed.
        case differentProject(linkProject: String?, linkDomains: [String])
        /// The link carries the emulator's `fake-api-key`, but the client talks to Google's servers.
        case emulatorLink
        /// The client talks to an emulator, but the link carries a real key (emulator links always carry
        /// `fake-api-key`).
        case notFromThisEmulator
        /// Firebase does not know the link's API key at all.
        case unknownKey
    }

    /// Why the link was refused.
    public let reason: Reason
    /// The `apiKey` in the link.
    public let linkAPIKey: String
    /// The host the link points at (often `<project>.firebaseapp.com`), when it has one.
    public let linkHost: String?
    /// This project, as messages name it.
    public let ourProject: String
    /// This project's API key.
    public let ourAPIKey: String

    /// A refusal description.
    public init(reason: Reason, linkAPIKey: String, linkHost: String?, ourProject: String, ourAPIKey: String) {
        self.reason = reason
        self.linkAPIKey = linkAPIKey
        self.linkHost = linkHost
        self.ourProject = ourProject
        self.ourAPIKey = ourAPIKey
    }

    /// The words a message uses for whoever talks to Firebase and for the settings that point it elsewhere:
    /// the library's own, or a front end's (the CLI names its flags).
    public struct Terms: Sendable {
        /// Who talks to the backend ("the client").
        public var speaker: String
        /// The settings naming another project ("its project ID and API key").
        public var projectSettings: String
        /// The setting naming an emulator ("its host and port").
        public var emulatorSetting: String
        /// Completing without the emulator ("without the emulator").
        public var withoutEmulator: String

        /// Terms for a message.
        public init(speaker: String, projectSettings: String, emulatorSetting: String, withoutEmulator: String) {
            self.speaker = speaker
            self.projectSettings = projectSettings
            self.emulatorSetting = emulatorSetting
            self.withoutEmulator = withoutEmulator
        }

        /// The library's terms.
        public static let library = Terms(
            speaker: "the client", projectSettings: "its project ID and API key",
            emulatorSetting: "its host and port", withoutEmulator: "without the emulator")
    }

    /// What is wrong and what to do, in library terms, naming the link's project as far as it is known.
    public var description: String { message(in: .library) }

    /// What is wrong and what to do in `terms`, naming the link's project as far as it is known.
    public func message(in terms: Terms) -> String {
        let linkKey = APIKeyMask.mask(linkAPIKey)
        let from = linkHost.map { " (from \($0))" } ?? ""
        switch reason {
        case .differentProject(let linkProject, let linkDomains):
            var owner = linkProject.map { "project \($0)" } ?? "another project"
            if let domain = linkDomains.first(where: { $0.hasSuffix(".firebaseapp.com") }) ?? linkDomains.first {
                owner += " (\(domain))"
            }
            return "This sign-in link belongs to another Firebase project: \(owner), API key \(linkKey)\(from), "
                + "not to \(ourProject) (API key \(APIKeyMask.mask(ourAPIKey))). Complete it with that project's "
                + "settings (\(terms.projectSettings), or its configuration file), or send a new link from "
                + "\(ourProject). The link was not used."
        case .emulatorLink:
            return "This sign-in link was made by a Firebase Auth Emulator (its API key is fake-api-key)\(from), "
                + "but \(terms.speaker) is talking to \(ourProject) on Google's servers. Complete it against that "
                + "emulator (\(terms.emulatorSetting), or FIREBASE_AUTH_EMULATOR_HOST). The link was not used."
        case .notFromThisEmulator:
            return "This sign-in link carries the API key \(linkKey)\(from), so a real Firebase project made "
                + "it, but \(terms.speaker) is talking to \(ourProject), where every link carries fake-api-key. "
                + "Complete it \(terms.withoutEmulator), with that project's settings. The link was not used."
        case .unknownKey:
            return "Firebase does not know this sign-in link's API key \(linkKey)\(from): the link is damaged "
                + "or its project no longer exists, so it cannot belong to \(ourProject). Ask for a new sign-in "
                + "link."
        }
    }
}
