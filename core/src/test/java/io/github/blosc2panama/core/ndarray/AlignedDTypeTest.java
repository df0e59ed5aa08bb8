package io.github.blosc2panama.core.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.blosc2panama.core.DType;
import io.github.blosc2panama.core.testutil.PythonPeer;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Structured types NumPy lays out as a C compiler would ({@code align=True}; {@code 'aligned': True} in the dict form
 * python-blosc2 stores): a field starts at a multiple of its alignment, nested field lists included, and the item is
 * padded to the largest. We read such a type packed, so python read the slices we wrote with wrong fields.
 */
class AlignedDTypeTest {
    /** NumPy 2.4's str(dtype), itemsize and field offsets. */
    private static final List<String[]> NUMPY = List.of(
            new String[] {"{'names': ['a', 'b'], 'formats': ['u1', [('x', 'u1'), ('y', '<i4')]], 'offsets': [0, 4], "
                    + "'itemsize': 12, 'aligned': True}", "12", "a 0, b 4"},
            new String[] {"{'names': ['a', 'b', 'c', 'd', 'e', 'f'], 'formats': ['u1', '<f8', 'S3', '<c8', '<U2', "
                    + "('<i2', (3,))], 'offsets': [0, 8, 16, 20, 28, 36], 'itemsize': 48, 'aligned': True}", "48",
                    "a 0, b 8, c 16, d 20, e 28, f 36"},
            new String[] {"{'names': ['a', 'b', 'c'], 'formats': ['u1', [('x', 'u1'), ('y', '<i8')], 'u1'], "
                    + "'offsets': [0, 8, 24], 'itemsize': 32, 'aligned': True}", "32", "a 0, b 8, c 24"},
            new String[] {"{'names': ['t', 'v'], 'formats': ['<M8[ns]', 'u1'], 'offsets': [0, 8], 'itemsize': 16, "
                    + "'aligned': True}", "16", "t 0, v 8"});

    private static String offsets(DType t) {
        return t.fields().stream().map(f -> f.name() + " " + f.offset()).collect(Collectors.joining(", "));
    }

    @Test
    void readAndWrittenAsNumPyDoes() {
        for (String[] n : NUMPY) {
            DType t = DType.parse(n[0]);
            assertEquals(n[0], t.str());
            assertEquals(Integer.parseInt(n[1]), t.itemsize(), n[0]);
            assertEquals(n[2], offsets(t), n[0]);
        }
    }

    @Test
    void aNestedFieldListOfAnAlignedStructIsAligned() {
        DType b = DType.parse(NUMPY.get(0)[0]).fields().get(1).dtype();
        assertEquals(8, b.itemsize());
        assertEquals("x 0, y 4", offsets(b));
    }

    @Test
    void numPyAgrees() {
        // the same types as NumPy parses them here (skipped without the python peer)
        StringBuilder script = new StringBuilder("import numpy as np, ast, sys\nfor s in sys.argv[1:]:\n"
                + "    d = np.dtype(ast.literal_eval(s))\n"
                + "    print(d.itemsize, ', '.join('%s %d' % (k, d.fields[k][1]) for k in d.names), str(d) == s)\n");
        String out = PythonPeer.run(script.toString(), NUMPY.stream().map(n -> n[0]).toArray(String[]::new));
        List<String> lines = out.lines().toList();
        for (int i = 0; i < NUMPY.size(); i++) {
            assertEquals(NUMPY.get(i)[1] + " " + NUMPY.get(i)[2] + " True", lines.get(i));
        }
    }
}
