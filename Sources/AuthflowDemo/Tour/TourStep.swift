/// One flow of the tour.
protocol TourStep: Sendable {
    /// Runs the flow with the tour's commands and returns one line saying what was achieved.
    func run(in context: DemoContext) async throws(DemoFailure) -> String
}
