// The floor for `authflow handle-url URL`'s argument parsing: ArgumentParser alone, with the same command shape
// (a root with 20 subcommands, each named, and a version; handle-url with one argument and an option group of 18
// options). Run as `Floor handle-url URL`, it parses and exits.
import ArgumentParser

@main
struct Root: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authflow", abstract: "Floor.", version: "0.1.0",
        subcommands: [
            Link.self,
            Config.self,
            AppCheck.self,
            Whoami.self,
            Sessions.self,
            Token.self,
            SignOut.self,
            DeleteAccount.self,
            EmailLink.self,
            Email.self,
            Phone.self,
            OAuth.self,
            Apple.self,
            MFA.self,
            Emulator.self,
            Demo.self,
            Listen.self,
            RegisterScheme.self,
            UnregisterScheme.self,
            HandleURL.self,
        ]
    )
}

struct Link: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "link", abstract: "Link.")
}

struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "config", abstract: "Config.")
}

struct AppCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "appcheck", abstract: "AppCheck.")
}

struct Whoami: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Whoami.")
}

struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sessions", abstract: "Sessions.")
}

struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "token", abstract: "Token.")
}

struct SignOut: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "signout", abstract: "SignOut.")
}

struct DeleteAccount: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deleteaccount", abstract: "DeleteAccount.")
}

struct EmailLink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "emaillink", abstract: "EmailLink.")
}

struct Email: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "email", abstract: "Email.")
}

struct Phone: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "phone", abstract: "Phone.")
}

struct OAuth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "oauth", abstract: "OAuth.")
}

struct Apple: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "apple", abstract: "Apple.")
}

struct MFA: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mfa", abstract: "MFA.")
}

struct Emulator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "emulator", abstract: "Emulator.")
}

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "Demo.")
}

struct Listen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "listen", abstract: "Listen.")
}

struct RegisterScheme: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "registerscheme", abstract: "RegisterScheme.")
}

struct UnregisterScheme: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unregisterscheme", abstract: "UnregisterScheme.")
}

struct ProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("apiKey.", valueName: "v")) var apiKey: String?
    @Option(help: ArgumentHelp("projectID.", valueName: "v")) var projectID: String?
    @Option(help: ArgumentHelp("authDomain.", valueName: "v")) var authDomain: String?
    @Option(help: ArgumentHelp("appID.", valueName: "v")) var appID: String?
    @Option(help: ArgumentHelp("clientID.", valueName: "v")) var clientID: String?
    @Option(help: ArgumentHelp("iosBundleID.", valueName: "v")) var iosBundleID: String?
    @Option(help: ArgumentHelp("tenantID.", valueName: "v")) var tenantID: String?
    @Option(help: ArgumentHelp("emulator.", valueName: "v")) var emulator: String?
    @Option(help: ArgumentHelp("languageCode.", valueName: "v")) var languageCode: String?
    @Option(help: ArgumentHelp("firebaseLanguageCode.", valueName: "v")) var firebaseLanguageCode: String?
    @Option(help: ArgumentHelp("appCheckDebugToken.", valueName: "v")) var appCheckDebugToken: String?
    @Option(help: ArgumentHelp("appCheckTokenCommand.", valueName: "v")) var appCheckTokenCommand: String?
    @Option(help: ArgumentHelp("appCheckSiteKey.", valueName: "v")) var appCheckSiteKey: String?
    @Option(help: ArgumentHelp("androidPackage.", valueName: "v")) var androidPackage: String?
    @Option(help: ArgumentHelp("androidCertificateSHA1.", valueName: "v")) var androidCertificateSHA1: String?
    @Option(help: ArgumentHelp("referrer.", valueName: "v")) var referrer: String?
    @Option(help: ArgumentHelp("configPath.", valueName: "v")) var configPath: String?
    @Option(help: ArgumentHelp("stateDirectory.", valueName: "v")) var stateDirectory: String?
}

struct HandleURL: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "handle-url", abstract: "Hand over.")
    @Argument(help: "The URL.") var url: String
    @OptionGroup(title: "Project") var project: ProjectOptions

    func run() async throws { if url.isEmpty { print("empty") } }
}
