import Foundation
import ScrollbackCLI

// All the work is in ScrollbackCLI, which the tests import.
exit(CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
