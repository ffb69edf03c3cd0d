import AuthflowCore
import Foundation
import Testing

@Suite struct ConfigurationFileTests {
    private func parse(_ text: String, path: String = "f") throws -> ConfigurationFile {
        try ConfigurationFile.parse(Array(text.utf8), path: path)
    }

    @Test func iosPlist() throws {
        let file = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>CLIENT_ID</key><string>123456.apps.googleusercontent.com</string>
              <key>REVERSED_CLIENT_ID</key><string>com.googleusercontent.apps.123456</string>
              <key>API_KEY</key><string>AIzaSyIOS</string>
              <key>GCM_SENDER_ID</key><string>123456</string>
              <key>BUNDLE_ID</key><string>com.example.app</string>
              <key>PROJECT_ID</key><string>example-proj</string>
              <key>GOOGLE_APP_ID</key><string>1:123456:ios:abcdef</string>
            </dict>
            </plist>
            """, path: "GoogleService-Info.plist")
        #expect(file.format == .iosPlist)
        let values = file.layer.values.mapValues(\.value)
        #expect(
            values == [
                .apiKey: "AIzaSyIOS", .projectID: "example-proj", .appID: "1:123456:ios:abcdef",
                .clientID: "123456.apps.googleusercontent.com", .iosBundleID: "com.example.app",
            ])
        #expect(file.layer.values[.apiKey]?.source == .file("GoogleService-Info.plist"))
    }

    @Test func androidJSONWithIOSClient() throws {
        let file = try parse(
            """
            {"project_info":{"project_number":"123456","project_id":"example-proj"},
             "client":[{"client_info":{"mobilesdk_app_id":"1:123456:android:0a1b",
                                       "android_client_info":{"package_name":"com.example.app"}},
                        "oauth_client":[{"client_id":"web.apps.googleusercontent.com","client_type":3}],
                        "api_key":[{"current_key":"AIzaSyAND"}],
                        "services":{"appinvite_service":{"other_platform_oauth_client":[
                            {"client_id":"web.apps.googleusercontent.com","client_type":3},
                            {"client_id":"ios.apps.googleusercontent.com","client_type":2,
                             "ios_info":{"bundle_id":"com.example.ios"}}]}}}],
             "configuration_version":"1"}
            """)
        #expect(file.format == .androidJSON)
        #expect(
            file.layer.values.mapValues(\.value) == [
                .apiKey: "AIzaSyAND", .projectID: "example-proj", .appID: "1:123456:android:0a1b",
                .clientID: "ios.apps.googleusercontent.com", .iosBundleID: "com.example.ios",
                .androidPackage: "com.example.app",
            ])
    }

    @Test(
        "google-services.json: a numeric project ID is read as its digits; a client list holding a non-object is none")
    func androidJSONNumbersAndShapes() throws {
        let file = try parse(
            """
            {"project_info":{"project_id":123456789012},
             "client":[{"client_info":{"mobilesdk_app_id":"1:1:android:2"},"api_key":[{"current_key":"AIzaSyA"}]}, 7]}
            """)
        #expect(file.layer.values.mapValues(\.value) == [.projectID: "123456789012"])
    }

    @Test("A JSON file that starts with a UTF-8 byte order mark is read as JSON")
    func byteOrderMark() throws {
        let file = try ConfigurationFile.parse(
            [0xEF, 0xBB, 0xBF]
                + Array(#"{"apiKey":"AIzaSyBOM","projectId":"p","measurementId":"G-1","typo":"x"}"#.utf8),
            path: "f")
        #expect(file.format == .webConfig)
        #expect(file.layer.values.mapValues(\.value) == [.apiKey: "AIzaSyBOM", .projectID: "p"])
        #expect(file.ignoredKeys == ["typo"])
    }

    @Test("google-services.json: the Android OAuth client's certificate hash is the signing certificate's SHA-1")
    func androidJSONCertificate() throws {
        let file = try parse(
            """
            {"project_info":{"project_number":"1","project_id":"p"},
             "client":[{"client_info":{"mobilesdk_app_id":"1:1:android:2","android_client_info":{"package_name":"com.example.a"}},
                        "oauth_client":[{"client_id":"w","client_type":3},
                                        {"client_id":"a","client_type":1,
                                         "android_info":{"package_name":"com.example.a","certificate_hash":"0123456789abcdef0123456789abcdef01234567"}}],
                        "api_key":[{"current_key":"AIzaSyA"}]}]}
            """)
        #expect(file.layer.values[.androidPackage]?.value == "com.example.a")
        #expect(file.layer.values[.androidCertificateSHA1]?.value == "0123456789abcdef0123456789abcdef01234567")
        #expect(file.layer.values[.androidCertificateSHA1]?.source == file.layer.values[.apiKey]?.source)
    }

    @Test func webConfigJSONAndAuthflowJSON() throws {
        let web = try parse(
            #"{"apiKey":"AIzaWEB","authDomain":"p.firebaseapp.com","projectId":"p","appId":"1:2:web:3","storageBucket":"b"}"#
        )
        #expect(web.format == .webConfig)
        #expect(
            web.layer.values.mapValues(\.value) == [
                .apiKey: "AIzaWEB", .authDomain: "p.firebaseapp.com", .projectID: "p", .appID: "1:2:web:3",
            ])
        #expect(web.ignoredKeys.isEmpty)

        let own = try parse(
            #"{"apiKey":"K","tenantId":"t1","clientId":"c","emulatorHost":"127.0.0.1:9099","lang":"fr","apikey":"typo"}"#
        )
        #expect(own.layer.values[.tenantID]?.value == "t1")
        #expect(own.layer.values[.languageCode]?.value == "fr")
        #expect(own.ignoredKeys == ["apikey"])
    }

    @Test func sdkConfigOutputAndConsoleSnippet() throws {
        let cli = try parse(
            #"{"status":"success","result":{"fileName":"x.js","sdkConfig":{"apiKey":"AIzaCLI","projectId":"p"}}}"#)
        #expect(cli.layer.values[.apiKey]?.value == "AIzaCLI")

        let snippet = try parse(
            """
            // Your web app's Firebase configuration
            const firebaseConfig = {
              apiKey: "AIzaSNIP",
              authDomain: 'snip.firebaseapp.com',
              "projectId": "snip",
              appId: "1:9:web:8",
              measurementId: "G-1"
            };
            """)
        #expect(snippet.format == .webConfig)
        #expect(
            snippet.layer.values.mapValues(\.value) == [
                .apiKey: "AIzaSNIP", .authDomain: "snip.firebaseapp.com", .projectID: "snip", .appID: "1:9:web:8",
            ])
    }

    @Test func badFilesSayWhat() {
        #expect(throws: ConfigurationError.unrecognizedFile(path: "f")) { try parse("hello there") }
        #expect(throws: ConfigurationError.invalidFile(path: "f", reason: .notAString(key: "apiKey"))) {
            try parse(#"{"apiKey": 42}"#)
        }
        #expect(throws: ConfigurationError.self) { try parse("<plist><dict><key>API_KEY</key>") }
        #expect(throws: ConfigurationError.invalidFile(path: "f", reason: .notUTF8)) {
            try ConfigurationFile.parse([0x7B, 0xFF, 0xFE], path: "f")
        }
    }
}
