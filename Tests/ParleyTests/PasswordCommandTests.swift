import Testing
import Foundation
@testable import ParleyConfiguration

/// `password_command`: its first line is the password; failures and hangs are sentences.
@Suite struct PasswordCommandTests {
    let environment = ["PATH": "/usr/bin:/bin"]

    @Test func theFirstLineOfItsOutputIsThePassword() throws {
        let command = try PasswordCommand("printf 'abcd efgh ijkl\\nsecond line\\n'")
        #expect(command.words == ["printf", "abcd efgh ijkl\\nsecond line\\n"])
        #expect(try command.password(environment: environment) == "abcd efgh ijkl")
    }

    @Test func itRunsWithoutAShell() throws {
        // A shell would expand $HOME and run the second command; the program gets them as words.
        let command = try PasswordCommand("echo $HOME; rm -rf x")
        #expect(try command.password(environment: environment) == "$HOME; rm -rf x")
    }

    @Test func aFailureSaysTheExitStatusAndTheFirstLineOfStderr() throws {
        let command = try PasswordCommand("sh -c 'echo gpg: decryption failed >&2; exit 3'")
        #expect {
            try command.password(environment: environment)
        } throws: { error in
            "\(error)" == "password_command sh failed (exit status 3): gpg: decryption failed"
        }
    }

    @Test func aCommandThatDoesNotFinishIsStoppedAtTheTimeLimit() throws {
        let started = Date()
        #expect {
            try PasswordCommand("sleep 30").password(environment: environment, timeout: 0.3)
        } throws: { error in
            "\(error)" == "password_command sleep did not finish within 0.3 seconds; it was stopped."
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func noOutputAMissingProgramAndBadQuotingAreSentences() throws {
        #expect(throws: LaunchError.self) { try PasswordCommand("true").password(environment: environment) }
        #expect {
            try PasswordCommand("no-such-program-parley").password(environment: environment)
        } throws: { error in
            "\(error)" == "password_command no-such-program-parley was not found in PATH."
        }
        #expect(throws: LaunchError.self) { try PasswordCommand("pass show 'wp/blog") }
        #expect(throws: LaunchError.self) { try PasswordCommand("   ") }
    }
}
