// Waits until something accepts connections on 127.0.0.1:PORT (the peer the dynalite profile started), for at
// most 30 seconds; exits 1 naming the port otherwise.
const net = require('net');
const port = Number(process.argv[2]);
const deadline = Date.now() + 30000;

(function attempt() {
    const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        process.exit(0);
    });
    socket.on('error', () => {
        if (Date.now() > deadline) {
            console.error('nothing listens on 127.0.0.1:' + port + ' after 30 s');
            process.exit(1);
        }
        setTimeout(attempt, 100);
    });
})();
