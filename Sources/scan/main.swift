import ScanKit

ScanCommand.main()
