from webminim.cli import main

raise SystemExit(main())
