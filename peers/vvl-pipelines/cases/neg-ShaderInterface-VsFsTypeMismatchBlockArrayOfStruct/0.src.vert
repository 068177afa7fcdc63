#version 450
struct S {
    vec4 a[2];
    float b;
    int c; // difference
};

out block {
    layout(location=0) float x;
    layout(location=6) S[2] y; // each array is 4 locations slots
    layout(location=14) int[4] z;
} outBlock;

void main() {
    outBlock.y[1].a[1] = vec4(1);
    gl_Position = vec4(1);
}
