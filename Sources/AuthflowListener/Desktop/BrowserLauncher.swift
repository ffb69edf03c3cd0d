import AuthflowPrimitives
import Foundation

/// Opens a URL in the user's browser: the `--browser` command if one was given, else each `$BROWSER` entry,
/// else `xdg-open`. It never fails the flow: the caller always prints the URL too, so a user whose browser
/// did not come up (SSH, no desktop) can open it elsewhere.
///
/// Browsers start in a session of their own with no terminal streams, so they neither scribble over the
/// prompt nor die with our Ctrl-C.
public struct BrowserLauncher: Sendable {
    /// The commands tried, in order.
    public let commands: [BrowserCommand]
    /// How long a command may run before it counts as "the browser is up". Launchers such as `xdg-open`
    /// usually hand over and exit well within it; a browser run directly keeps running, which is success.
    public var settleTime: Duration
    private let environment: [String: String]?

    /// A launcher for `browser` (the `--browser` value) or, when nil, `$BROWSER` and then `xdg-open`.
    /// `environment` is the children's environment (nil: ours) and the place `$BROWSER` is read from.
    public init(browser: String? = nil, environment: [String: String]? = nil, settleTime: Duration = .seconds(2)) {
        let variables = environment ?? ProcessEnvironment.current()
        if let browser, let command = BrowserCommand(browser) {
            commands = [command]
        } else if let value = variables["BROWSER"], !BrowserCommand.list(fromEnvironmentValue: value).isEmpty {
            commands = BrowserCommand.list(fromEnvironmentValue: value)
        } else {
            commands = [BrowserCommand.xdgOpen]
        }
        self.environment = environment
        self.settleTime = settleTime
    }

    /// Whether a browser can appear: a command the person chose (the `--browser` value, `$BROWSER`) always
    /// counts as able; the system's opener only where ``BrowserAvailability`` finds a display and the opener.
    public var availability: BrowserAvailability {
        guard commands == [BrowserCommand.xdgOpen] else { return .available }
        return BrowserAvailability.detect(environment: environment ?? ProcessEnvironment.current())
    }

    /// Tries each command until one starts the browser.
    public func open(_ url: String) -> BrowserLaunch {
        var failures: [BrowserLaunchFailure] = []
        for command in commands {
            switch attempt(command, url: url) {
            case nil: return .opened(command: command.description)
            case let problem?: failures.append(BrowserLaunchFailure(program: command.program, problem: problem))
            }
        }
        return .failed(failures)
    }

    /// nil on success, else what went wrong.
    private func attempt(_ command: BrowserCommand, url: String) -> BrowserLaunchFailure.Problem? {
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                command.program, arguments: command.arguments(for: url),
                options: .init(environment: environment, newSession: true))
        } catch {
            return error.code == ENOENT ? .notInstalled : .notStarted(SystemError(code: error.code))
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: settleTime)
        while clock.now < deadline {
            if let termination = child.poll() {
                switch termination {
                case .exited(0): return nil
                case .exited(let status): return .exited(status)
                case .signalled(let signal): return .signalled(signal)
                }
            }
            usleep(20_000)
        }
        // Still running: the browser itself. Reap it whenever it ends so it never lingers as a zombie.
        DetachedThread.run { _ = child.wait() }
        return nil
    }
}

extension BrowserCommand {
    /// The desktop's generic opener.
    static let xdgOpen = BrowserCommand(words: ["xdg-open"])

    private init(words: [String]) {
        self.words = words
    }
}

/// What ``BrowserLauncher/open(_:)`` achieved.
public enum BrowserLaunch: Sendable, Equatable {
    /// A command started the browser (or handed the URL to it).
    case opened(command: String)
    /// Every command failed, each for its reason, in the order they were tried; the URL must be opened by hand.
    case failed([BrowserLaunchFailure])
}
