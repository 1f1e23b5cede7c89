import Foundation
import ArgumentParser
import CommentsKit
import ParleyConfiguration

/// An error in words, for stderr and the status line: parley's own errors are sentences
/// already; anything else (a Foundation error) gets its localized description, never its
/// `NSError` dump. Free of TerminalUI, so `parley comment` can use it.
enum ErrorSentence {
    static func of(_ error: any Error) -> String {
        switch error {
        case let error as CommentsError: error.description
        case let error as LaunchError: error.description
        case let error as ValidationError: error.message
        default: (error as NSError).localizedDescription
        }
    }
}
