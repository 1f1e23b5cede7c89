import Foundation
import Testing
@testable import CommentsKit

/// The edit context's fields of a comment and the capabilities of `users/me`, read
/// leniently: an odd value costs the fact, never the comment or the login.
@Suite struct ModeratorFactsDecodingTests {
    private func comment(_ extra: String) throws -> CommentsKit.Comment {
        let json = """
        {"id":7,"post":1,"parent":0,"author":0,"author_name":"Maggie","author_url":"","date_gmt":"2026-11-21T23:08:05",
         "content":{"rendered":"<p>Hi</p>\\n","raw":"Hi"},"status":"hold","type":"comment"\(extra)}
        """
        return try JSONDecoder().decode(CommentsKit.Comment.self, from: Data(json.utf8))
    }

    @Test func theEditContextBringsEmailIPAndUserAgent() throws {
        let read = try comment(#","author_email":"m@example.com","author_ip":"203.0.113.9","author_user_agent":"Mozilla/5.0""#)
        #expect(read.authorEmail == "m@example.com")
        #expect(read.authorIP == "203.0.113.9")
        #expect(read.authorUserAgent == "Mozilla/5.0")
        #expect(CommentEntry(read).facts == AuthorFacts(email: "m@example.com", ip: "203.0.113.9", userAgent: "Mozilla/5.0"))
    }

    @Test func theViewContextHasNoFacts() throws {
        let read = try comment("")
        #expect(read.authorEmail == nil && read.authorIP == nil && read.authorUserAgent == nil)
        #expect(CommentEntry(read).facts == nil)
    }

    @Test func anOddFactCostsTheFactNotTheComment() throws {
        let read = try comment(#","author_email":false,"author_ip":12,"author_user_agent":null"#)
        #expect(read.id == 7)
        #expect(read.authorEmail == nil && read.authorIP == nil)
    }

    @Test func factsSurviveARecording() throws {
        let read = try comment(#","author_email":"m@example.com","author_ip":"203.0.113.9","author_user_agent":"UA""#)
        let again = try JSONDecoder().decode(CommentsKit.Comment.self, from: JSONEncoder().encode(read))
        #expect(again == read)
    }

    @Test func aViewPageDoesNotEraseWhatTheEditContextBrought() throws {
        var entry = CommentEntry(try comment(#","author_email":"m@example.com","author_ip":"203.0.113.9","author_user_agent":"UA""#))
        entry.update(try comment(""))
        #expect(entry.facts?.email == "m@example.com")
        #expect(entry.contentRaw == "Hi", "the same text keeps its source")
    }

    @Test func usersMeInTheEditContextCarriesTheCapabilities() throws {
        let json = #"{"id":3,"name":"Ann","slug":"ann","roles":["author"],"capabilities":{"edit_posts":true,"moderate_comments":false,"read":1,"author":"1"}}"#
        let user = try JSONDecoder().decode(WordPressUser.self, from: Data(json.utf8))
        #expect(user.capabilities == ["edit_posts", "read", "author"])
        #expect(user.roles == ["author"])
        #expect(!user.canModerate && !user.canEditOthersComments)
        let again = try JSONDecoder().decode(WordPressUser.self, from: JSONEncoder().encode(user))
        #expect(again == user)
    }

    @Test func oddCapabilitiesDoNotFailTheLogin() throws {
        let json = #"{"id":3,"name":"Ann","capabilities":["moderate_comments"],"roles":"editor"}"#
        let user = try JSONDecoder().decode(WordPressUser.self, from: Data(json.utf8))
        #expect(user.capabilities == nil && user.roles == nil)
    }

    @Test func aReaderIsToldWhyInOneLine() {
        let author = WordPressUser(id: 3, name: "Ann", roles: ["author"], capabilities: ["edit_posts"])
        #expect(CredentialsReducer.readerNotice(author) == "Signed in as an author: e-mails and IPs are not shown, and only approved comments are listed.")
    }
}
