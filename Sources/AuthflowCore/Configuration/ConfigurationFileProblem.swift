/// What is wrong inside a configuration file, for a front end to word.
public enum ConfigurationFileProblem: Sendable, Hashable, CustomStringConvertible {
    /// A `GoogleService-Info.plist` that is not a readable property list.
    case notPropertyList
    /// A property list whose top level is not a dictionary.
    case propertyListNotDictionary
    /// A `GoogleService-Info.plist` with none of `API_KEY`, `PROJECT_ID`, `GOOGLE_APP_ID`, `CLIENT_ID`.
    case noIOSSettings
    /// A JSON value that must be a string is not one.
    case notAString(key: String)
    /// A web config with none of `apiKey`, `projectId`, `authDomain`, `appId`.
    case noWebSettings
    /// The file is not UTF-8 text.
    case notUTF8
    /// A `google-services.json` whose `project_info` is not an object.
    case projectInfoNotObject
    /// A `google-services.json` with no `project_id` and no `api_key`.
    case noAndroidSettings

    /// The problem in English, for logs and embedders.
    public var description: String {
        switch self {
        case .notPropertyList: "it is not a readable property list"
        case .propertyListNotDictionary: "the property list is not a dictionary"
        case .noIOSSettings: "it has none of API_KEY, PROJECT_ID, GOOGLE_APP_ID, CLIENT_ID"
        case .notAString(let key): "\"\(key)\" must be a string"
        case .noWebSettings: "it has none of apiKey, projectId, authDomain, appId"
        case .notUTF8: "it is not UTF-8 text"
        case .projectInfoNotObject: "project_info is not an object"
        case .noAndroidSettings: "it has no project_id and no api_key"
        }
    }
}
