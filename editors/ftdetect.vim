" splev: des-files and dungeon descriptions (installed by make install)
au BufRead,BufNewFile *.des setfiletype splevdes
au BufRead,BufNewFile dungeon.def,*.dgn.def setfiletype splevdgn
