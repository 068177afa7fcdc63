#version 450
layout(location=0) in vec4 x; /* not provided */
void main(){
   gl_Position = x;
}
