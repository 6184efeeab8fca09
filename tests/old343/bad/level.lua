des.level_init({ style = "solidfill" })
des.map([[
...
]])
