import AuthflowCore
import AuthflowListener
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// The schemes a register/unregister command works on, and the registrar that writes for this user.
enum SchemeSelection {
    /// `given`, or the project's callback scheme when none was given.
    static func schemes(_ given: [String], project: ProjectOptions) throws(CommandFailure) -> [String] {
        if !given.isEmpty { return given.map { $0.lowercased() } }
        let configuration: ProjectConfiguration
        do {
            configuration = try ConfigurationLoader(
                flags: project.flagLayer, environment: ProcessEnvironment.current(),
                configPath: project.configPath
            ).load()
        } catch {
            throw .from(error)
        }
        CommandContext.warnAboutIgnoredValues(configuration, environment: ProcessEnvironment.current())
        guard let scheme = configuration.callbackScheme else {
            throw CommandFailure(
                localized(
                    "No scheme given, and the configuration has neither an iOS client ID nor an app ID to derive one "
                        + "from. "
                        + "Pass the scheme (e.g. com.googleusercontent.apps.123-abc), or --client-id, --app-id or "
                        + "--config GoogleService-Info.plist."),
                status: .usage)
        }
        return [scheme.scheme]
    }

    /// The registrar for this user's XDG directories, writing entries that run `executable` (default: this
    /// program).
    static func registrar(executable: String?) throws(CommandFailure) -> SchemeRegistrar {
        let environment = ProcessEnvironment.current()
        guard let directories = XDGDirectories(environment: environment) else {
            throw CommandFailure(
                localized(
                    "HOME is not set, so there is no applications folder to register with. Set HOME or "
                        + "XDG_DATA_HOME and XDG_CONFIG_HOME."),
                status: .usage)
        }
        let program = executable.map(FilePath.absolute) ?? FilePath.runningExecutable()
        guard let program else {
            throw CommandFailure(
                localized(
                    "Cannot tell where this authflow program is; pass --exec PATH."), status: .usage)
        }
        return SchemeRegistrar(directories: directories, executable: program, environment: environment)
    }

    static func failure(_ error: SchemeRegistrationError) -> CommandFailure {
        switch error {
        case .invalidScheme, .reservedScheme: CommandFailure(error.cliMessage, status: .usage)
        case .foreignEntry: CommandFailure(error.cliMessage, status: .refused)
        case .storage(let storage): .from(storage)
        }
    }
}
