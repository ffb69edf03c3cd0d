/// Which limit ran out, because the fixes differ: an unreachable host versus a slow server.
public enum TimeoutPhase: Sendable, Hashable {
    /// No connection was established in time.
    case connect
    /// The whole exchange took longer than allowed.
    case total
}
