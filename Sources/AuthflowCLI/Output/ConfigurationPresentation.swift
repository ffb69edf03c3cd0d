import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives

/// How `config show` prints a configuration: values with their sources, API key masked.
enum ConfigurationPresentation {
    static func text(
        _ configuration: ProjectConfiguration, statePath: String?, derivationProblem: String?, userFile: String
    ) -> String {
        var rows: [(String, String, String)] = []
        for key in ConfigurationKey.allCases {
            guard let configured = configuration.values[key] else {
                let note =
                    key == .authDomain
                    ? (derivationProblem.map { localized("not set (\($0))") } ?? localized("not set"))
                    : localized("not set")
                rows.append((key.jsonName, "—", note))
                continue
            }
            rows.append((key.jsonName, shown(key, configured.value), configured.source.cliName))
        }
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = rows.map(\.1.count).max() ?? 0
        var lines = [localized("Firebase project configuration (flags win over environment, environment over files):")]
        for (name, value, source) in rows {
            lines.append("  " + pad(name, nameWidth) + "  " + pad(value, valueWidth) + "  " + source)
        }
        if let host = configuration.emulatorHost {
            lines.append(localized("Backend: the emulator at \(host) (FIREBASE_AUTH_EMULATOR_HOST or --emulator)."))
        } else {
            lines.append(localized("Backend: Google (identitytoolkit.googleapis.com, securetoken.googleapis.com)."))
        }
        if configuration.files.isEmpty {
            let names = ConfigurationFile.workingDirectoryNames.joined(separator: ", ")
            lines.append(localized("Files: none found (looked for \(names))."))
        }
        for file in configuration.files {
            var line = localized("File: \(file.path) (\(file.format.rawValue), \(file.origin.cliName))")
            if !file.ignoredKeys.isEmpty {
                line += localized("; ignored keys: \(file.ignoredKeys.joined(separator: ", "))")
            }
            lines.append(line)
        }
        for ignored in configuration.ignoredValues {
            lines.append(
                localized(
                    "Ignored: \(ignored.key.jsonName) in \(ignored.path): \(ignored.cliReason(userFile: userFile))."))
        }
        lines.append(
            statePath.map { localized("Session directory: \($0)") }
                ?? localized("Session directory: none until a project ID is configured"))
        return lines.joined(separator: "\n")
    }

    static func json(
        _ configuration: ProjectConfiguration, statePath: String?, derivationProblem: String?
    ) -> [(String, JSONValue)] {
        let values: [(String, JSONValue)] = ConfigurationKey.allCases.map { key in
            guard let configured = configuration.values[key] else { return (key.jsonName, .null) }
            return (
                key.jsonName,
                .object([
                    ("value", .string(shown(key, configured.value))),
                    ("source", .string(configured.source.kind)),
                    ("from", .string(configured.source.detail)),
                ])
            )
        }
        return [
            ("values", .object(values)),
            ("backend", .string(configuration.emulatorHost == nil ? "production" : "emulator")),
            ("emulatorHost", .optional(configuration.emulatorHost)),
            ("authDomainProblem", .optional(derivationProblem)),
            (
                "files",
                .array(
                    configuration.files.map { file in
                        .object([
                            ("path", .string(file.path)),
                            ("format", .string(file.format.rawValue)),
                            ("origin", .string(file.origin.rawValue)),
                            ("ignoredKeys", .array(file.ignoredKeys.map(JSONValue.string))),
                        ])
                    })
            ),
            (
                "ignoredValues",
                .array(
                    configuration.ignoredValues.map { ignored in
                        .object([
                            ("key", .string(ignored.key.jsonName)),
                            ("value", .string(shown(ignored.key, ignored.value))),
                            ("file", .string(ignored.path)),
                            ("reason", .string(ignored.role.rawValue)),
                        ])
                    })
            ),
            ("stateDirectory", .optional(statePath)),
        ]
    }

    private static func shown(_ key: ConfigurationKey, _ value: String) -> String {
        key.isMasked ? APIKeyMask.mask(value) : value
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension ConfigurationFile.Origin {
    /// How the file was found, as `config show` says it.
    var cliName: String {
        switch self {
        case .named: localized("named with --config")
        case .userDirectory: localized("your configuration file")
        case .workingDirectory: localized("found in the working directory: identifiers only")
        }
    }
}
