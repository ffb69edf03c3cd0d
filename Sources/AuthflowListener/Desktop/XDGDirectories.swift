/// The per-user base directories of the XDG Base Directory specification that desktop integration writes to.
public struct XDGDirectories: Sendable, Equatable {
    /// `$XDG_DATA_HOME`, by default `~/.local/share`; desktop entries go in its `applications` folder.
    public let dataHome: String
    /// `$XDG_CONFIG_HOME`, by default `~/.config`; it holds `mimeapps.list`.
    public let configHome: String

    /// Directories given outright, for tests and embedders.
    public init(dataHome: String, configHome: String) {
        self.dataHome = dataHome
        self.configHome = configHome
    }

    /// The directories `environment` names. The specification says to ignore unset, empty and relative
    /// values, so those fall back to the defaults under `HOME`; `nil` when that is needed and missing.
    public init?(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        func directory(_ variable: String, default suffix: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home.map { $0 + suffix }
        }
        guard let data = directory("XDG_DATA_HOME", default: "/.local/share"),
            let config = directory("XDG_CONFIG_HOME", default: "/.config")
        else { return nil }
        self.init(dataHome: data, configHome: config)
    }

    /// Where per-user desktop entries live.
    public var applications: String { dataHome.hasSuffix("/") ? dataHome + "applications" : dataHome + "/applications" }
    /// The per-user file of default applications.
    public var mimeAppsList: String {
        configHome.hasSuffix("/") ? configHome + "mimeapps.list" : configHome + "/mimeapps.list"
    }
}
