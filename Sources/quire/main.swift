import QuireApp

QuireCommand.main()
