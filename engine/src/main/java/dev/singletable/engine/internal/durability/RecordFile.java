package dev.singletable.engine.internal.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * A file of checksummed records: each is its length, the CRC32 of its bytes, then the bytes. Reading tells a
 * torn last record (a crash in the middle of a write: dropped) from damage followed by good data (reported).
 */
final class RecordFile {
    private static final int HEADER = 8;

    private RecordFile() {
    }

    static byte[] frame(byte[] payload) {
        CRC32 crc = new CRC32();
        crc.update(payload);
        return ByteBuffer.allocate(HEADER + payload.length).putInt(payload.length).putInt((int) crc.getValue())
                .put(payload).array();
    }

    /** The records read, and where the intact part of the file ends. */
    record Contents(List<byte[]> records, long intactLength, boolean tornTail) {
    }

    static Contents read(Path file) throws IOException {
        List<byte[]> records = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long position = 0;
            while (position < size) {
                ByteBuffer header = ByteBuffer.allocate(HEADER);
                int headerRead = readFully(channel, header, position);
                int length = header.getInt(0);
                if (headerRead < HEADER || length < 0 || position + HEADER + length > size) {
                    return new Contents(records, position, true); // the last write never finished
                }
                ByteBuffer payload = ByteBuffer.allocate(length);
                readFully(channel, payload, position + HEADER);
                CRC32 crc = new CRC32();
                crc.update(payload.array());
                if ((int) crc.getValue() != header.getInt(4)) {
                    if (position + HEADER + length == size) {
                        return new Contents(records, position, true);
                    }
                    throw new IOException("damaged record " + (records.size() + 1) + " at byte " + position + " of "
                            + file + " (checksum mismatch before the end of the file); refusing to start with lost data");
                }
                records.add(payload.array());
                position += HEADER + length;
            }
            return new Contents(records, position, false);
        }
    }

    private static int readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        int total = 0;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
