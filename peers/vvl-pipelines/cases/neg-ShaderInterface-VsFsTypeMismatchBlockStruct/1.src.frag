#version 450
struct S {
    vec4 a[2];
    float b;
    float c; // difference
};

in block {
    layout(location=0) float x;
    layout(location=6) S y;
    layout(location=10) int[4] z;
} inBlock;

layout(location=0) out vec4 color;
void main(){
    color = inBlock.y.a[1];
}
