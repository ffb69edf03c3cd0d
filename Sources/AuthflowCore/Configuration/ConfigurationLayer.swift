import AuthflowPrimitives

/// The values one source supplies. Layers are merged in precedence order by ``ConfigurationLoader``.
public struct ConfigurationLayer: Sendable, Equatable {
    /// Where every value in this layer came from; flags and variables name themselves per key.
    public var values: [ConfigurationKey: ConfiguredValue]

    /// An empty layer.
    public init() {
        values = [:]
    }

    /// Sets `key` unless `value` is nil or blank (an empty flag or variable means "not set").
    public mutating func set(_ key: ConfigurationKey, _ value: String?, from source: ConfigurationSource) {
        guard let value else { return }
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else { return }
        values[key] = ConfiguredValue(value: trimmed, source: source)
    }

    /// The layer the environment gives: each key's variable, when set and not blank.
    public static func environment(_ environment: [String: String]) -> ConfigurationLayer {
        var layer = ConfigurationLayer()
        for key in ConfigurationKey.allCases {
            layer.set(key, environment[key.environmentVariable], from: .environment(key.environmentVariable))
        }
        return layer
    }
}

/// One resolved value and its origin.
public struct ConfiguredValue: Sendable, Equatable {
    /// The value, trimmed.
    public var value: String
    /// Where it came from.
    public var source: ConfigurationSource

    /// A value from `source`.
    public init(value: String, source: ConfigurationSource) {
        self.value = value
        self.source = source
    }
}
