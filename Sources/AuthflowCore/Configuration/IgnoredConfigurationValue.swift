/// A value a file found implicitly in the working directory set but may not set (it runs a program or
/// chooses where requests go), so it was left out of the configuration; a front end warns about it.
public struct IgnoredConfigurationValue: Sendable, Equatable {
    /// The setting.
    public var key: ConfigurationKey
    /// The value the file gave.
    public var value: String
    /// The file, as found.
    public var path: String

    /// An ignored `key` of `path`.
    public init(key: ConfigurationKey, value: String, path: String) {
        self.key = key
        self.value = value
        self.path = path
    }

    /// Why it was ignored: what the setting can do.
    public var role: ConfigurationKeyRole { key.role }
}
