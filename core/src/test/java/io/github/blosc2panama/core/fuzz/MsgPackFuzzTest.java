package io.github.blosc2panama.core.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/** Fuzz target for the frame package's msgpack reader, frame header and trailer parsers. */
class MsgPackFuzzTest {

    @BeforeAll
    static void seeds() {
        FuzzSeeds.prepareCorpus(MsgPackFuzzTest.class, "msgpack", FuzzSeeds.msgpack());
    }

    @FuzzTest(maxDuration = "1m")
    void msgpack(byte[] data) {
        FuzzTargets.msgpack(data);
    }
}
