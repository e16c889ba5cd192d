// SwiftPM needs a source file in every test target; this one can go once the target has tests.
import Testing
