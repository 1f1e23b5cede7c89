import Testing
import Foundation
import Flux
import FluxTesting

/// What a session is made of in these tests: a question and the effect's answer.
enum QuizAction: Action, Codable, Equatable {
    case ask(String)
    case answered(String)
    case later(Int)
}

/// Asks → `.send(.answered)`; `.later` → an asynchronous effect that answers after work.
@MainActor
private func makeQuizStore(_ dispatcher: Dispatcher) -> FluxStore<[String], QuizAction> {
    FluxStore(initialState: [], dispatcher: dispatcher) { (log: inout [String], action: QuizAction) in
        switch action {
        case .ask(let question):
            log.append("asked \(question)")
            return .send(.answered(question.uppercased()))
        case .answered(let answer):
            log.append("answer \(answer)")
            return .none
        case .later(let n):
            log.append("later \(n)")
            return .run { send in await send(.answered("late \(n)")) }
        }
    }
}

private struct TestHeader: Codable, Sendable, Equatable {
    var name: String
}

/// Lines a recorder writes, kept in memory.
@MainActor
private final class Lines {
    var data = Data()
    var lines: [String] { String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
}

private var quizCodecs: ActionCodecs {
    var codecs = ActionCodecs()
    codecs.register(QuizAction.self)
    return codecs
}

@MainActor
@Suite struct SessionRecordingTests {
    @Test func effectsDoNotRunUnderTheSuppressPolicyButTheReducerDoes() {
        let dispatcher = Dispatcher()
        let store = makeQuizStore(dispatcher)
        let log = ActionLog(on: dispatcher)
        dispatcher.effectPolicy = .suppress
        dispatcher.dispatch(QuizAction.ask("why"))
        dispatcher.dispatch(QuizAction.later(1))
        #expect(store.state == ["asked why", "later 1"])
        #expect(store.effectsInFlight == 0)
        #expect(log.actions(of: QuizAction.self) == [.ask("why"), .later(1)])
    }

    @Test func theRecorderWritesAHeaderThenEveryActionInDispatchOrderWithTheEffectsAnswers() async throws {
        let dispatcher = Dispatcher()
        let store = makeQuizStore(dispatcher)
        let lines = Lines()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = ReplayClock(start: start)
        let recorder = try SessionRecorder(header: TestHeader(name: "quiz"), codecs: quizCodecs, startedAt: start, now: { clock.now }) {
            lines.data.append($0)
        }
        dispatcher.add(recorder)
        clock.set(start + 1.5)
        dispatcher.dispatch(QuizAction.ask("why"))
        dispatcher.dispatch(QuizAction.later(2))
        #expect(await store.effectsFinished(timeout: .safetyNet))
        #expect(lines.lines.count == 5)
        #expect(lines.lines[0] == #"{"app":{"name":"quiz"},"format":1,"startedAt":"2027-01-15T08:00:00.000Z"}"#)
        #expect(lines.lines[1] == #"{"action":{"ask":{"_0":"why"}},"t":1.5,"type":"QuizAction"}"#)

        let session = try RecordedSession<TestHeader>(lines.data, codecs: quizCodecs)
        #expect(session.header == TestHeader(name: "quiz"))
        #expect(session.startedAt == start)
        #expect(session.actions.map(\.action) as? [QuizAction] == [.ask("why"), .answered("WHY"), .later(2), .answered("late 2")])
        #expect(session.actions.map(\.line) == [2, 3, 4, 5])
        #expect(session.actions[0].time == 1.5)
    }

    @Test func anActionTypeTheCodecsDoNotKnowIsWrittenAsUnrecordableAndTheReplayRefusesIt() throws {
        let dispatcher = Dispatcher()
        let lines = Lines()
        let recorder = try SessionRecorder(header: TestHeader(name: "x"), codecs: quizCodecs) { lines.data.append($0) }
        dispatcher.add(recorder)
        dispatcher.dispatch(CounterAction.increment)
        #expect(lines.lines[1].contains(#""unrecordable":"CounterAction is not registered"#))
        #expect(throws: RecordingError.unrecordable(line: 2, type: "CounterAction", reason: "CounterAction is not registered with the recorder's ActionCodecs")) {
            try RecordedSession<TestHeader>(lines.data, codecs: quizCodecs)
        }
    }

    @Test func aReplayGivesTheStoresTheRecordedActionsOnlyAndDropsWhatTheAppDispatchesMeanwhile() throws {
        // Recorded: the question, the effect's answer (sent by the reducer), a late answer.
        let recorded = Dispatcher()
        let original = makeQuizStore(recorded)
        let lines = Lines()
        recorded.add(try SessionRecorder(header: TestHeader(name: "r"), codecs: quizCodecs) { lines.data.append($0) })
        recorded.dispatch(QuizAction.ask("who"))
        recorded.dispatch(QuizAction.answered("late"))

        let session = try RecordedSession<TestHeader>(lines.data, codecs: quizCodecs)
        let dispatcher = Dispatcher()
        let replayer = SessionReplayer(session, dispatcher: dispatcher)
        let replica = makeQuizStore(dispatcher)
        let log = ActionLog(on: dispatcher)
        dispatcher.dispatch(QuizAction.ask("live key"))
        replayer.play()
        #expect(replica.state == original.state)
        #expect(log.actions(of: QuizAction.self) == [.ask("who"), .answered("WHO"), .answered("late")])
        // The live key, and the `.send` the reducer returned during the replay, never arrived.
        #expect(replayer.gate.dropped == 1)
        #expect(replayer.isFinished)
    }

    @Test func theReplayClockReadsTheRecordedTimeOfTheActionBeingReplayed() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let actions = [
            RecordedAction(time: 0.25, action: QuizAction.answered("a"), line: 2),
            RecordedAction(time: 61, action: QuizAction.answered("b"), line: 3),
        ]
        let dispatcher = Dispatcher()
        let replayer = SessionReplayer(actions, startedAt: start, dispatcher: dispatcher)
        let clock = replayer.clock
        var seen: [TimeInterval] = []
        let store = FluxStore(initialState: 0, dispatcher: dispatcher) { (_: inout Int, _: QuizAction) in
            seen.append(clock.now.timeIntervalSince(start))
            return .none
        }
        #expect(clock.now == start)
        replayer.play()
        #expect(seen == [0.25, 61])
        #expect(store.effectsInFlight == 0)
    }

    @Test func afterEachActionRunsBetweenTwoReplayedActions() {
        let dispatcher = Dispatcher()
        let actions = [RecordedAction(time: 0, action: QuizAction.answered("a"), line: 2), RecordedAction(time: 1, action: QuizAction.answered("b"), line: 3)]
        let replayer = SessionReplayer(actions, startedAt: Date(), dispatcher: dispatcher)
        let log = ActionLog(on: dispatcher)
        var seenBetween: [Int] = []
        replayer.afterEachAction = { seenBetween.append(log.actions(of: QuizAction.self).count) }
        replayer.play()
        #expect(seenBetween == [1, 2])
    }

    @Test func anActionTheAppSkipsIsNotReplayed() {
        let dispatcher = Dispatcher()
        let actions = [RecordedAction(time: 0, action: QuizAction.ask("q"), line: 2), RecordedAction(time: 0, action: QuizAction.answered("z"), line: 3)]
        let replayer = SessionReplayer(actions, startedAt: Date(), dispatcher: dispatcher) { ($0 as? QuizAction) == .ask("q") }
        let log = ActionLog(on: dispatcher)
        replayer.play()
        #expect(log.actions(of: QuizAction.self) == [.answered("z")])
    }

    @Test func anInvalidRecordingIsRefusedWithItsLineAndOneSentence() {
        let header = #"{"app":{"name":"x"},"format":1,"startedAt":"2027-01-15T08:00:00.000Z"}"#
        let good = #"{"action":{"ask":{"_0":"why"}},"t":0,"type":"QuizAction"}"#
        func read(_ lines: String...) -> RecordingError? {
            do {
                _ = try RecordedSession<TestHeader>(Data(lines.joined(separator: "\n").utf8), codecs: quizCodecs)
                return nil
            } catch {
                return error
            }
        }
        #expect(read(header, good, "{not json") == .notJSON(line: 3))
        #expect(read(header, good, #"{"action":{},"t":0,"type":"Mystery"}"#) == .unknownAction(line: 3, type: "Mystery"))
        #expect(read(#"{"app":{"name":"x"},"format":2,"startedAt":"2027-01-15T08:00:00.000Z"}"#, good) == .newerFormat(found: 2, supported: 1))
        #expect(read("") == .empty)
        #expect(read(#"{"hello":1}"#) == .noHeader)
        #expect(read(header, #"{"action":{"ask":{}},"t":0,"type":"QuizAction"}"#)?.line == 2)
        #expect(read(header, #"{"action":{"ask":{"_0":"x"}},"t":-1,"type":"QuizAction"}"#)?.line == 2)
        #expect(read(header, good, "") == nil)
        #expect(RecordingError.notJSON(line: 3).description == "line 3: this line is not a JSON object.")
        #expect(RecordingError.unknownAction(line: 7, type: "Mystery").description == "line 7: the action type Mystery is unknown to this parley.")
    }
}
