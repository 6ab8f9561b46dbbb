"""Phone seats: a small web server inside the kiosk that puts any seat's private screen on a phone.

`links` issues the per-seat, per-game tokens; `hub` carries messages between the referee's thread
and the server's (thread-safe, nothing else is shared); `seat_feed` builds each seat's document from
the same seat pages the OLED draws and turns a phone's choice into an input for the referee; `server`
is the Starlette app and its uvicorn thread. The messages are described in PROTOCOL.md.

May import the seat screens' pages, the games' views, the configuration and the translation layer;
never the referee's state (it puts inputs on the referee's queue).
"""
