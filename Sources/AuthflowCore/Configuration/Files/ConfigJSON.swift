import Foundation

/// Just enough JSON reading for configuration files, whose shapes vary too much for Codable to help.
enum ConfigJSON {
    /// The top-level object of `text`, or nil when it is not a JSON object.
    static func parseObject(_ text: String) -> [String: Any]? {
        guard let data = text.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        return value as? [String: Any]
    }

    /// A string member, or a number written as a string (project numbers arrive both ways).
    static func string(_ object: [String: Any]?, _ key: String) -> String? {
        switch object?[key] {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
